"""The Ghostwriter HTTP service (FastAPI on uvicorn); see issue 3."""
