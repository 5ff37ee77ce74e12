#!/usr/bin/env bash
# The plugin starter as an outside author meets it, run from the repository after `npm run build`:
# in a fresh folder outside the repository, pack the sdk and the starter, run the starter from its tarball as
# `npm init switchboard-plugin` does (a channel, an integration and a payment plugin), install and test each new
# plugin (its conformance kit must pass), then install them into this product as an operator would, start the
# product in embedded mode and check that GET /plugins lists them. Whatever it put into the repository's
# node_modules is removed at the end, also when a step fails. Needs the npm registry (the plugins' dev dependencies).
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
started=$SECONDS
work="$(mktemp -d "${TMPDIR:-/tmp}/switchboard-outside.XXXXXX")"
installed=()
server_pid=""

step() { printf '\n== check-outside: %s\n' "$*"; }
fail() {
  echo "check-outside: $*" >&2
  exit 1
}

cleanup() {
  local status=$?
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  for dir in ${installed[@]+"${installed[@]}"}; do rm -rf "$dir"; done
  rm -rf "$work"
  if [ "$status" -ne 0 ]; then echo "check-outside: FAILED after $((SECONDS - started)) s"; fi
}
trap cleanup EXIT

case "$work/" in "$repo"/*) fail "the work folder $work is inside the repository; set TMPDIR elsewhere" ;; esac
for built in sdk/dist/index.js create-switchboard-plugin/dist/cli.js core/dist/main.js; do
  [ -f "$repo/$built" ] || fail "$built is missing: run npm run build first"
done

# name:kind, and where GET /plugins lists each kind.
plugins=(acme-echo:channel acme-bot:integration acme-pix:payment)

step "pack the sdk and the starter into $work"
(cd "$repo" && npm pack --silent --workspace @switchboard/sdk --workspace create-switchboard-plugin --pack-destination "$work" >/dev/null)
sdk_tgz="$(ls "$work"/switchboard-sdk-*.tgz)"
starter_tgz="$(ls "$work"/create-switchboard-plugin-*.tgz)"
echo "$(basename "$sdk_tgz"), $(basename "$starter_tgz")"

for plugin in "${plugins[@]}"; do
  name="${plugin%%:*}"
  kind="${plugin##*:}"
  step "npm init switchboard-plugin $name -- --kind $kind (the starter from its tarball, the sdk from its tarball)"
  (cd "$work" && npm exec --yes --package="$starter_tgz" -- create-switchboard-plugin "$name" --kind "$kind" --sdk "$sdk_tgz")

  step "install and test switchboard-plugin-$name"
  (cd "$work/switchboard-plugin-$name" && npm install --no-audit --no-fund --prefer-offline --loglevel=error && npm test)
done

step "install the plugins into the product (packed, extracted into its node_modules, not saved)"
for plugin in "${plugins[@]}"; do
  name="${plugin%%:*}"
  package="switchboard-plugin-$name"
  target="$repo/node_modules/$package"
  # Someone else's package of that name is never replaced (nor removed at the end).
  [ ! -e "$target" ] || fail "$target already exists; remove it first"
  tgz="$(cd "$work/$package" && npm pack --silent --pack-destination "$work")"
  installed+=("$target")
  mkdir "$target"
  tar -xzf "$work/$tgz" -C "$target" --strip-components=1
  [ ! -e "$target/node_modules" ] || fail "$package brought its own node_modules"
  # Its peer @switchboard/sdk must be the product's own, so core and the plugin share one inversify.
  node --input-type=module -e '
    import { createRequire } from "node:module";
    import { realpathSync } from "node:fs";
    const [target, repo] = process.argv.slice(1);
    const sdk = realpathSync(createRequire(`${target}/package.json`).resolve("@switchboard/sdk"));
    const inversify = realpathSync(createRequire(sdk).resolve("inversify")).replace(/\/lib\/.*$/, "");
    if (sdk !== `${repo}/sdk/dist/index.js`) throw new Error(`@switchboard/sdk resolves to ${sdk}, not to the product sdk`);
    console.log(`${target.split("/").pop()}: @switchboard/sdk -> ${sdk}, inversify -> ${inversify}`);
  ' "$target" "$repo"
done

step "start the product in embedded mode and list its plugins"
port="$(node -e 'const s = require("node:net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
admin_email="outside-check@example.com"
admin_password="outside-$RANDOM-$RANDOM-check"
(
  cd "$repo"
  exec env -u DATABASE_URL -u REDIS_URL PORT="$port" DATA_DIR="$work/data" LOG_LEVEL=warn \
    ADMIN_EMAIL="$admin_email" ADMIN_PASSWORD="$admin_password" node core/dist/main.js
) >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 120); do
  curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
  kill -0 "$server_pid" 2>/dev/null || {
    cat "$work/server.log"
    fail "the product stopped while starting"
  }
  sleep 0.5
done
curl -sf "http://127.0.0.1:$port/health" >/dev/null || {
  cat "$work/server.log"
  fail "the product did not answer /health within 60 s"
}
echo "listening on port $port ($(head -n 1 "$work/server.log"))"

node --input-type=module -e '
  const [url, email, password, ...expected] = process.argv.slice(1);
  const login = await fetch(`${url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const { token } = await login.json();
  if (!login.ok || !token) throw new Error(`sign-in answered ${login.status}`);
  const answer = await fetch(`${url}/plugins`, { headers: { authorization: `Bearer ${token}` } });
  if (!answer.ok) throw new Error(`GET /plugins answered ${answer.status}`);
  const listed = await answer.json();
  const ids = {
    channel: listed.channels.map((c) => c.channel),
    integration: listed.integrations.map((i) => i.type),
    payment: listed.payments.map((p) => p.provider),
  };
  for (const [kind, names] of Object.entries(ids)) console.log(`${kind}s: ${names.join(", ")}`);
  const missing = expected.filter((pair) => { const [name, kind] = pair.split(":"); return !ids[kind].includes(name); });
  if (missing.length > 0) throw new Error(`GET /plugins does not list ${missing.join(", ")}`);
' "http://127.0.0.1:$port" "$admin_email" "$admin_password" "${plugins[@]}"

step "stop the product"
kill -TERM "$server_pid"
wait "$server_pid" || fail "the product exited with $? on SIGTERM"
server_pid=""

echo
echo "check-outside: OK in $((SECONDS - started)) s: a channel, an integration and a payment plugin made by the packed starter against the packed sdk passed their kits, and the product loaded and listed them"
