"""The model: games, the frame of participants, the tournament and the team event, decisions, dates, words and the programs' profiles."""
