/** What to do when tmux is missing: said the same way by the server and the editor. */
export const TMUX_INSTALL_HINT =
  'Install tmux (Debian/Ubuntu: sudo apt-get install tmux; Fedora: sudo dnf install tmux; macOS: brew install tmux) ' +
  'or set akk.tmux.path to its location.';
