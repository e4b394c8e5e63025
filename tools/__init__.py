"""The repository's tools, which the tests and scripts/ use and the salon package does not ship:
the server's load and flood checks, the runners of a private PostgreSQL server and of a
deployment behind nginx, the web API's reference writer and the ppo bot's training recipe.

They run from the repository root (``python -m tools.load``), beside an installed salon; what
a player or a host needs stays in the package (the deployment's nginx config among it, which
the cluster runner reads from there).  tools/README.md lists them.
"""
