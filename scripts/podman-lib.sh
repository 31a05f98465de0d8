# What scripts/build-image.sh and scripts/check-image.sh share (sourced, bash):
#   podman_install_missing     apt-get installs podman (with its network stack),
#                              debootstrap and runc when a command is missing; needs root
#   podman_cmd                 array: podman with runc as its runtime (crun, podman's
#                              default when installed, refuses hybrid cgroup v1/v2 hosts)
#   podman_ulimits             array: --ulimit nofile/nproc at this shell's hard limits;
#                              podman_probe_ulimits IMAGE lowers them to what the runtime
#                              may really set (podman's defaults, nofile 1048576, exceed
#                              what the host grants, and runc then fails to start the
#                              container: "error setting rlimits … operation not permitted")

podman_install_missing() {
  local missing=() tool
  for tool in podman debootstrap runc; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
  done
  [ "${#missing[@]}" -eq 0 ] && return 0
  [ "$(id -u)" = 0 ] || { echo "needs root to install ${missing[*]} (apt-get)" >&2; return 1; }
  # With podman's Recommends (uidmap, slirp4netns, fuse-overlayfs, catatonit: rootless and
  # kernels without overlay); netavark and iptables give `podman build`'s RUN steps (apt-get
  # in the Dockerfile) their bridge network with NAT.
  [[ " ${missing[*]} " == *" podman "* ]] && missing+=(netavark aardvark-dns iptables)
  echo "installing ${missing[*]} with apt-get" >&2
  DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null || return 1
  for tool in podman debootstrap runc; do
    command -v "$tool" >/dev/null 2>&1 || { echo "$tool is not on PATH after apt-get install" >&2; return 1; }
  done
}

podman_hard_limit() { local v; v=$(ulimit -H "$1"); [ "$v" = unlimited ] && v=-1; echo "$v"; }

podman_setup() {
  podman_install_missing || return 1
  podman_cmd=(podman --runtime "$(command -v runc)")
  podman_ulimits=(--ulimit "nofile=$(podman_hard_limit -n):$(podman_hard_limit -n)"
    --ulimit "nproc=$(podman_hard_limit -u):$(podman_hard_limit -u)")
}

# podman_probe_ulimits IMAGE : the hard limits runc inherits are conmon's, which podman may
# lower below this shell's (here: nproc 32768 against 96365) and which cannot be raised
# without CAP_SYS_RESOURCE. Reads them from a throwaway container's conmon and sets
# podman_ulimits to them.
podman_probe_ulimits() {
  local cid pid files processes low
  low=$(( $(podman_hard_limit -n) < 1024 && $(podman_hard_limit -n) >= 0 ? $(podman_hard_limit -n) : 1024 ))
  cid=$("${podman_cmd[@]}" run -d --rm --pull=never --network none --no-healthcheck --ulimit "nofile=$low:$low" \
    --ulimit "nproc=$low:$low" --entrypoint sleep "$1" 60 2>/dev/null) || return 1
  pid=$(podman inspect --format '{{.State.ConmonPid}}' "$cid")
  files=$(awk '/^Max open files/ {print $5}' "/proc/$pid/limits")
  processes=$(awk '/^Max processes/ {print $4}' "/proc/$pid/limits")
  "${podman_cmd[@]}" rm -f -v -t 0 "$cid" >/dev/null 2>&1
  [ "$files" = unlimited ] && files=-1
  [ "$processes" = unlimited ] && processes=-1
  [ -n "$files" ] && [ -n "$processes" ] || return 1
  podman_ulimits=(--ulimit "nofile=$files:$files" --ulimit "nproc=$processes:$processes")
}
