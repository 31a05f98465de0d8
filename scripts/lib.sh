# One way for scripts to start and stop servers (sourced, bash): label-server, or anything
# that prints `listening on http://HOST:PORT` as its first stdout line.
#
#   source "$(dirname "$0")/lib.sh"       # sets $work, a temporary folder removed on exit
#   server_start NAME CMD...              # background, stdout/stderr in $work/NAME.out/.err;
#                                         # waits for the listening line (SERVER_START_TIMEOUT
#                                         # seconds, default 60); sets server_pid, server_base
#                                         # (http://HOST:PORT), server_port
#   server_stop PID [SIGNAL]              # signal (TERM), wait; status = the server's exit status
#                                         # (KILLed after 30 s: 137)
#   free_port                             # an unused loopback port
#
# On exit every server started here and still running gets SIGTERM, then SIGKILL after 5 s,
# and $work plus the folders in `cleanup_dirs` are removed. A script with its own EXIT trap
# calls `lib_cleanup` from it.
[ -n "${work:-}" ] || work=$(mktemp -d)
server_pids=()
cleanup_dirs=("$work")

lib_cleanup() {
    local pid
    for pid in "${server_pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${server_pids[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "${cleanup_dirs[@]}"
}
trap lib_cleanup EXIT
trap 'exit 130' INT TERM

server_start() {
    local name=$1 line tries
    shift
    "$@" >"$work/$name.out" 2>"$work/$name.err" &
    server_pid=$!
    server_pids+=("$server_pid")
    tries=$(( ${SERVER_START_TIMEOUT:-60} * 20 ))
    for _ in $(seq "$tries"); do
        line=$(head -n1 "$work/$name.out" 2>/dev/null || true)
        if [[ $line == "listening on http://"* ]]; then
            server_base=${line#listening on }
            server_port=${server_base##*:}
            server_port=${server_port%%/*}
            return 0
        fi
        kill -0 "$server_pid" 2>/dev/null || break
        sleep 0.05
    done
    echo "$name did not start (no \`listening on\` line):" >&2
    cat "$work/$name.out" "$work/$name.err" >&2
    kill -TERM "$server_pid" 2>/dev/null || true
    return 1
}

server_stop() {
    local pid=$1 sig=${2:-TERM} status=0
    kill -"$sig" "$pid" 2>/dev/null || true
    for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || status=$?
    return "$status"
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
