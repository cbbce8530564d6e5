"""Liveness and readiness, for load balancers and orchestrators."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse

from service.deps import Context, context
from service.errors import error_body
from service.schemas import ErrorOut, StatusOut

router = APIRouter(tags=["health"])


@router.get("/healthz", response_model=StatusOut)
def healthz() -> StatusOut:
    """The process answers (whether or not its dictionaries are loaded yet)."""
    return StatusOut(status="ok")


@router.get("/readyz", response_model=StatusOut, responses={503: {"model": ErrorOut}})
async def readyz(ctx: Annotated[Context, Depends(context)]) -> StatusOut | JSONResponse:
    """Ready once every dictionary is loaded: send traffic only then."""
    if not ctx.ready:
        why = f"cannot load the dictionaries: {ctx.load_error}" if ctx.load_error else "loading the dictionaries"
        return JSONResponse(error_body(why), status_code=503, headers={"Retry-After": "2"})
    return StatusOut(status="ready", dictionaries=(await ctx.dictionaries()).names)
