#!/usr/bin/env bash
# The workspace's layers, checked (CI runs this): no module of any crate uses, directly or through
# others, a module that uses it back (crates/layers, `awe-layers`: every library and binary of
# the workspace, level by level), and no crate holds more than 7,000 lines of source. Between
# crates, cargo itself refuses a circle; docs/server.md says how to see that no feature of the
# site depends on another (`cargo tree -e normal`).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --quiet --locked -p awe-layers -- --max-lines 7000
