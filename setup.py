"""The compiled kernels of the search (everything else is in pyproject.toml).

``optional=True``: where no C compiler or Python headers exist, the build goes on without it and Ghostwriter uses
its Python search (``solver.search.hardback.compiled`` says so once)."""

from setuptools import Extension, setup

# Hardback's per-word search: one module from several files, by job (solver/search/hardback/kernel/kernel.h)
_KERNEL_PARTS = ("module", "plan", "search", "bounds", "apart", "resolve", "signatures", "run")
# a function called before it is declared is an error, not a warning: C would take it to answer an int (a double's
# or a pointer's bits lost), and gcc 14 refuses it anyway. A kernel that does not build fails CI's check of it.
_FLAGS = ["-O2", "-std=c11", "-Wall", "-Wextra", "-Wno-unused-parameter", "-Werror=implicit-function-declaration"]

setup(
    ext_modules=[
        Extension(
            "solver.search.hardback._kernel",
            [f"solver/search/hardback/kernel/{part}.c" for part in _KERNEL_PARTS],
            depends=["solver/search/hardback/kernel/kernel.h", "solver/search/module.h"],
            extra_compile_args=_FLAGS,
            optional=True,
        ),
        Extension(
            "solver.search.hardback._bound_kernel",
            ["solver/search/hardback/_bound_kernel.c"],
            depends=["solver/search/module.h"],
            # no fused multiply-adds: the bounds must be numpy's doubles to the last bit
            extra_compile_args=[*_FLAGS, "-ffp-contract=off"],
            optional=True,
        ),
        Extension(
            "solver.search._order",
            ["solver/search/_order.c"],
            depends=["solver/search/module.h"],
            extra_compile_args=_FLAGS,
            optional=True,
        ),
        Extension(
            "solver.search.paperback._layout",
            ["solver/search/paperback/_layout.c", "solver/search/paperback/_layout_module.c"],
            depends=["solver/search/paperback/_layout.h", "solver/search/module.h"],
            extra_compile_args=_FLAGS,
            optional=True,
        ),
    ]
)
