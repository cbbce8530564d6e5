"""The questions asked of a turn, answered in the same JSON by the command line and the service: ``hint`` (the best
moves, a played word's rating), ``paperback`` (Paperback's hint), ``ink`` (how many cards to draw with ink)."""
