"""The match engine: state, actions, procedures, skills, events and bots (pure Python)."""
