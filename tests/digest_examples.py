"""The TRF snippets of the TRF digest (shared/spec/trf-format.md §9.1-9.3), verbatim, shared by tests.

Lines of §9.1 and §9.2 end in "|" as printed there (the readers strip nothing: the tests remove the
markers before parsing)."""

# trf-format.md §9.1, verbatim: 5-player Swiss with a PAB, a forfeit, an HPB and a ZPB.
SWISS_9_1 = """\
012 Circolo Demo Open 2025|
022 Bologna|
032 ITA|
042 2025/10/04|
052 2025/10/05|
062 5|
072 5|
092 Individual: Swiss-System|
102 IA Esempio, Arbitro|
122 90 min + 30 sec/move|
132                                                                                        25/10/04  25/10/04  25/10/05|
001    1 m FM Rossi, Marco                      2105 ITA    12345678 1990/04/12  2.5    1     4 w 1     3 b 1     2 w =|
001    2 wWIM Bianchi, Giulia                   2030 ITA    12345679 1995/11/03  2.0    2     5 w =     4 b +     1 b =|
001    3 m    Verdi, Luca                       1950 ITA    12345680 2001/01/20  1.0    4  0000 - U     1 w 0     5 b 0|
001    4 m    Neri, Paolo                       1890 SUI     1300001 1985/07/07  0.0    5     1 b 0     2 w -  0000 - Z|
001    5 w    Gallo, Anna                       1820 ITA    12345681 2005/09/30  2.0    3     2 b =  0000 - H     3 w 1|
"""

# trf-format.md §9.2, verbatim: 5-player round robin, a free round each, a double forfeit 4-5 in R3.
RR_9_2 = """\
012 Torneo Chiuso Demo|
022 Trieste|
032 ITA|
042 2025/03/01|
052 2025/03/03|
062 5|
072 5|
092 Individual: Round-Robin|
102 IA Esempio, Arbitro|
XXR 5|
001    1 m GM Alfa, Aldo                        2510 ITA     1000001 1980/01/01  3.0    1               2 w =     3 b 1     4 w 1     5 b =|
001    2 m IM Beta, Bruno                       2420 ITA     1000002 1982/02/02  2.5    2     5 w 1     1 b =               3 w 0     4 b 1|
001    3 wWGM Gamma, Gaia                       2390 SLO     1000003 1990/03/03  2.5    3     4 w =     5 b 1     1 w 0     2 b 1          |
001    4 m FM Delta, Dario                      2330 ITA     1000004 1995/04/04  0.5    4     3 b =               5 w -     1 b 0     2 w 0|
001    5 m    Epsilon, Ezio                     2250 SMR     1000005 2000/05/05  0.5    5     2 b 0     3 w 0     4 b -               1 w =|
"""

# trf-format.md §9.3, verbatim: TRF26 version of the §9.1 Swiss.
SWISS_9_3 = """\
012 Circolo Demo Open 2026
022 Bologna
032 ITA
042 2026/04/11
052 2026/04/12
092 Individual: Swiss-System
102 IA Esempio, Arbitro
132                                                                                        26/04/11  26/04/11  26/04/12
142 3
152 W
162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0    X 0.5
182 DemoTHP 0.1
192 FIDE_DUTCH_2025
202 BH/C1,BH,SB,DE
212 PTS,BH/C1,BH,SB,DE
222 5400+30
240 H   2    5
001    1 m FM Rossi, Marco                      2105 ITA    12345678 1990/04/12  2.5    1     4 w 1     3 b 1     2 w =
001    2 wWIM Bianchi, Giulia                   2030 ITA    12345679 1995/11/03  2.0    2     5 w =     4 b +     1 b =
001    3 m    Verdi, Luca                       1950 ITA    12345680 2001/01/20  1.0    4  0000 - U     1 w 0     5 b 0
001    4 m    Neri, Paolo                       1890 SUI     1300001 1985/07/07  0.0    5     1 b 0     2 w -  0000 - Z
001    5 w    Gallo, Anna                       1820 ITA    12345681 2005/09/30  2.0    3     2 b =  0000 - H     3 w 1
"""
