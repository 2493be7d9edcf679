"""Remote play: a match server that holds the board match and the clients that play or watch it."""
