# Sourced by run.sh and compare.sh: servers started here and stopped on exit, and nginx
# serving our JSON as a static file. The sourcing script sets `work` (a temporary
# folder) first; `cleanup_dirs` may name more folders to remove on exit. Starting,
# stopping, free_port and the cleanup are scripts/lib.sh's, shared with scripts/.
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

# start NAME COMMAND...: runs it in the background, waits up to 15 s for its first
# stdout line `listening on http://HOST:PORT`; sets started_pid and started_port.
start() {
    local status=0
    SERVER_START_TIMEOUT=15 server_start "$@" || status=$?
    started_pid=$server_pid started_port=${server_port:-}
    return "$status"
}

# The folder nginx serves, $work/nginx/www; files under labels/ go out as application/json.
# Started as root, nginx's worker runs as nobody: it must be able to read them.
nginx_www=$work/nginx/www
mkdir -p "$nginx_www/labels" "$nginx_www/bundle" "$work/nginx/temp"
chmod a+rx "$work" "$work/nginx" "$nginx_www" "$nginx_www/labels" "$nginx_www/bundle"

# nginx_config: writes $work/nginx/nginx.conf, one worker and no access log, serving
# $nginx_www on a free port (sets nginx_port).
nginx_config() {
    nginx_port=$(free_port)
    cat >"$work/nginx/nginx.conf" <<EOF
daemon off;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 20000; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 75s;
    keepalive_requests 100000000;
    client_body_temp_path $work/nginx/temp/body;
    proxy_temp_path $work/nginx/temp/proxy;
    fastcgi_temp_path $work/nginx/temp/fastcgi;
    uwsgi_temp_path $work/nginx/temp/uwsgi;
    scgi_temp_path $work/nginx/temp/scgi;
    server {
        listen 127.0.0.1:$nginx_port;
        root $nginx_www;
        location = /healthz { default_type text/plain; return 200 "ok\n"; }
        location /labels/ { types { } default_type application/json; }
        # The launch route: our GET /labels?lang=de body as a file with its gzip twin,
        # ETags (file mtime and size) and If-None-Match, as a CDN or nginx would serve it;
        # at its best, with descriptors and metadata cached instead of opened per request.
        location = /labels {
            gzip_static on;
            etag on;
            open_file_cache max=1000 inactive=60s;
            open_file_cache_valid 60s;
            default_type application/json;
            alias $nginx_www/bundle/de.json;
        }
    }
}
EOF
}

# start_nginx NGINX_BIN: nginx_config, then nginx; sets nginx_master, nginx_pid (the
# worker: the process whose CPU is measured) and nginx_port.
start_nginx() {
    nginx_config
    "$1" -p "$work/nginx" -e "$work/nginx/error.log" -c "$work/nginx/nginx.conf" \
        >"$work/nginx.out" 2>"$work/nginx.err" &
    nginx_master=$!
    server_pids+=("$nginx_master")
    nginx_pid=""
    for _ in $(seq 100); do
        nginx_pid=$(cat "/proc/$nginx_master/task/$nginx_master/children" 2>/dev/null | awk '{print $1}')
        if [[ -n $nginx_pid ]] && python3 -c "import socket; socket.create_connection(('127.0.0.1', $nginx_port), 1)" 2>/dev/null; then
            return 0
        fi
        nginx_pid=""
        sleep 0.05
    done
    cat "$work/nginx.err" "$work/nginx/error.log" >&2
    return 1
}
