#!/bin/sh
# The integration tests also run against PostgreSQL: Debian's server, started by the tests themselves in a
# temporary directory (tests/support/postgres-cluster.ts), never a system service.
set -e
if ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then exit 0; fi
echo "Installing Debian's postgresql for the integration tests…"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=""; fi
# No "main" cluster and no service: the package would otherwise create one and start it on port 5432.
$SUDO mkdir -p /etc/postgresql-common/createcluster.d
echo "create_main_cluster = false" | $SUDO tee /etc/postgresql-common/createcluster.d/forma-tests.conf >/dev/null
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 $SUDO apt-get install -y -qq postgresql >/dev/null
