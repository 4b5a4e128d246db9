#!/usr/bin/env bash
# Installs the Debian packages the product and its tests need, when they are missing:
# tmux (agent terminals), procps and lsof (the portable process table), zsh and fish (the shells the VS Code tier
# drives besides bash), git (the static and unit tiers list the repository's files), curl (the command a live
# Codex network approval runs), chromium (real-VS-Code UI tests), libkrb5-dev (builds the VS Code host).
set -euo pipefail
need=()
command -v tmux >/dev/null 2>&1 || need+=(tmux)
# ps and lsof: the portable process table (as on macOS), which the live tier runs as well.
command -v ps >/dev/null 2>&1 || need+=(procps)
command -v lsof >/dev/null 2>&1 || need+=(lsof)
# zsh and fish: a person's terminal in the VS Code tier is each of bash, zsh and fish.
command -v zsh >/dev/null 2>&1 || need+=(zsh)
command -v fish >/dev/null 2>&1 || need+=(fish)
# git: the structure check and unit tests list the repository's files with `git ls-files`.
command -v git >/dev/null 2>&1 || need+=(git)
# curl: the command Codex asks network access for in the live tier fetches with it.
command -v curl >/dev/null 2>&1 || need+=(curl)
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need+=(chromium)
[ -f /usr/include/gssapi/gssapi.h ] || need+=(libkrb5-dev)
command -v g++ >/dev/null 2>&1 || need+=(g++)
command -v make >/dev/null 2>&1 || need+=(make)
command -v python3 >/dev/null 2>&1 || need+=(python3)
if [ ${#need[@]} -eq 0 ]; then
  echo "system packages: all present"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing Debian packages: ${need[*]}" >&2
  echo "Install them with: sudo apt-get update && sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
echo "installing Debian packages: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
echo "system packages: installed ${need[*]}"
