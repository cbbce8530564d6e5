"""The API's routers, one a concern."""
