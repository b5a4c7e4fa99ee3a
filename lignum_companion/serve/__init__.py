"""`lignum serve`: the game on the local network, a page per player and one for the table (issue 30).

Starlette, uvicorn, sse-starlette and segno are imported only here, never by another command's start-up.
"""
