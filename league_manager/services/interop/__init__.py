"""Files other tools read and write: CSV tables, NAF reports, OBBLM/FUMBBL/BBRoster teams."""
