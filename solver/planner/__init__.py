"""The planner: a whole turn chosen by playing candidate plans in worlds sampled from what the seat sees, each state
reached judged by a learned win model (``core``, ``model``), and each game's reading of a table for that model
(``hardback``, ``paperback``). Written against the game protocol; the fast policies it plays turns out with are the
bots', passed in (``solver.bots.expert`` puts them together)."""
