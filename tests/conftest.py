import pytest

from mm import backends

BACKENDS = ["cpsat", "sat"]


@pytest.fixture(params=BACKENDS, scope="session")
def backend(request):
    """Each backend whose solver library is installed; the others are skipped, saying why."""
    name = request.param
    if not backends.installed(name):
        pytest.skip(f"backend {name} is not installed")
    return name
