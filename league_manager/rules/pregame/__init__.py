"""The BB2020 pre-game sequence as pure functions: fans, journeymen, petty cash, prayers."""
