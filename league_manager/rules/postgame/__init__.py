"""The BB2020 post-game sequence as pure functions: winnings, fans, SPP, MVP, expensive mistakes."""
