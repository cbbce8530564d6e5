"""Exact search, one package a game over the loop they share.

``best_first`` is the loop both games use (candidates in decreasing upper bound, the top n kept in a heap);
``hardback`` and ``paperback`` each give it their candidates, bounds and per-word search.
"""
