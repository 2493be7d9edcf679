"""Bots that play full matches headless: random and greedy."""
