"""Rules: ruleset data model and loading, dice, team value, drafting and other pure league maths."""
