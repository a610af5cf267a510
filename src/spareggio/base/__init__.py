"""The foundation: errors, languages, numbers, JSON types and the console; imports nothing of the package above it."""
