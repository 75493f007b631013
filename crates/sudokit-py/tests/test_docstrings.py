"""The examples in the docstrings run and print what they say."""

from __future__ import annotations

import doctest

import numpy as np
import pytest

import sudokit
import sudokit._batch
import sudokit._convert


@pytest.mark.parametrize("module", [sudokit, sudokit._batch, sudokit._convert])
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(
        module,  # type: ignore[arg-type]
        globs={"sudokit": sudokit, "np": np},
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted >= 2
    assert result.failed == 0
