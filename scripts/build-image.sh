#!/usr/bin/env bash
# Builds the project's unmodified Dockerfile with podman on a machine with no Docker
# engine and no reachable container registry (docs/deployment.md, "Building with podman"):
#
#   1. installs podman, debootstrap and runc from Debian when missing (needs root);
#   2. makes the two base images the Dockerfile names, locally, tagged exactly as it
#      names them (docker.io/library/…):
#        debian:bookworm-slim   debootstrap --variant=minbase bookworm, from the Debian
#                               mirror apt is configured with;
#        swift:6.3.1-bookworm   that root file system plus the apt packages of the official
#                               Swift 6.3 Debian 12 image (swiftlang/swift-docker,
#                               6.3/debian/12/Dockerfile) and the local toolchain's usr/
#                               copied to /usr;
#      both are kept in podman's storage with a label holding a hash of their inputs, so
#      the next run on the same machine skips this (debs cached in $CACHE/debs);
#   3. `podman build --pull=never --format docker` (the OCI format drops HEALTHCHECK),
#      with runc and --ulimit at this shell's hard limits (scripts/podman-lib.sh).
#
#   scripts/build-image.sh [TAG]       TAG defaults to localhost/label-server:ci
#
# Environment: LABEL_SERVER_CI_CACHE (default /var/cache/label-server-ci),
# BUILD_IMAGE_REBUILD_BASES=1 (ignore the cached base images).
# Prints the image size and the build time; the last line is `image TAG ID SIZE_MB BUILD_S`.
set -euo pipefail
cd "$(dirname "$0")/.."

tag=${1:-localhost/label-server:ci}
cache=${LABEL_SERVER_CI_CACHE:-/var/cache/label-server-ci}
suite=bookworm
slim=docker.io/library/debian:bookworm-slim
swift_tag=$(sed -n 's/^FROM \(swift:[^ @]*\).*/\1/p' Dockerfile | head -n1)
[ -n "$swift_tag" ] || { echo "build-image: no 'FROM swift:…' line in the Dockerfile" >&2; exit 1; }
swift_image=docker.io/library/$swift_tag
# The official Swift 6.3 Debian 12 image's packages (swiftlang/swift-docker, 6.3/debian/12).
swift_packages=(binutils libicu-dev libcurl4-openssl-dev libedit-dev libsqlite3-dev libncurses-dev
  libpython3-dev libxml2-dev pkg-config uuid-dev tzdata git gcc libstdc++-12-dev)
key_label=org.label-server.ci.inputs

log() { printf '[build-image %3ds] %s\n' "$SECONDS" "$*"; }

# ---- 1. tools ----
source scripts/podman-lib.sh
podman_setup
[ "$(id -u)" = 0 ] || { echo "build-image: run as root (debootstrap, chroot, rootful podman)" >&2; exit 1; }
podman=("${podman_cmd[@]}")

# ---- 2. base images ----
# The mirror apt uses for Debian itself (deb822 .sources or one-line sources.list).
debian_mirror() {
  local f
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk 'BEGIN{RS=""} /Suites:[^\n]*[[:space:]]'"$suite"'([[:space:]]|$)/ && /Types:[^\n]*deb([[:space:]]|$)/ {
      if (match($0, /URIs:[[:space:]]*[^[:space:]]+/)) { u = substr($0, RSTART, RLENGTH); sub(/URIs:[[:space:]]*/, "", u); print u; exit } }' "$f"
  done
  { cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null || true; } |
    awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i !~ /^\[/ && $i !~ /=/ && $i !~ /\]$/) { if ($(i+1) == "'"$suite"'") print $i; break } }'
}
mirror=$(debian_mirror | head -n1 || true)
[ -n "$mirror" ] || { echo "build-image: no Debian $suite mirror in /etc/apt/sources.list(.d)" >&2; exit 1; }
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
[ -d "$toolchain/usr/bin" ] || toolchain=$(dirname "$toolchain")
toolchain_id="$(swift --version 2>/dev/null | head -n1) $(stat -c %Y "$toolchain/usr/bin/swift-frontend" 2>/dev/null)"
# apt settings the rootfs needs to reach the same mirror the same way (proxy, snapshot dates).
apt_settings=$(apt-config dump | grep -E '^Acquire::(https?::Proxy|Check-Valid-Until|Check-Date) ' || true)
# Bump when the way the base images are made changes (what they contain, not comments).
base_recipe=1
slim_key=$(printf '%s\n' "$base_recipe" "$suite" "$mirror" "$apt_settings" | sha256sum | cut -c1-16)
swift_key=$(printf '%s\n' "$slim_key" "${swift_packages[*]}" "$toolchain" "$toolchain_id" | sha256sum | cut -c1-16)

image_key() { podman image inspect --format "{{index .Labels \"$key_label\"}}" "$1" 2>/dev/null || true; }

rootfs_dir=
cleanup_rootfs() {
  [ -n "$rootfs_dir" ] || return 0
  umount "$rootfs_dir/swift/proc" 2>/dev/null || true
  rm -rf --one-file-system "$rootfs_dir"
}
trap cleanup_rootfs EXIT

make_slim() { # → $rootfs_dir/slim
  log "debootstrap --variant=minbase $suite from $mirror"
  mkdir -p "$cache/debs"
  debootstrap --variant=minbase --cache-dir="$cache/debs" "$suite" "$rootfs_dir/slim" "$mirror" \
    >"$rootfs_dir/debootstrap.log" 2>&1 || { tail -n 30 "$rootfs_dir/debootstrap.log" >&2; exit 1; }
  # Same sources and apt settings as this machine, so `apt-get` inside the build reaches it.
  local f
  rm -f "$rootfs_dir/slim/etc/apt/sources.list"
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && grep -q '/debian' "$f" && cp "$f" "$rootfs_dir/slim${f}"
  done
  [ -z "$apt_settings" ] || printf '%s\n' "$apt_settings" >"$rootfs_dir/slim/etc/apt/apt.conf.d/99label-server-ci"
  rm -rf "$rootfs_dir/slim/var/lib/apt/lists/"* "$rootfs_dir/slim/var/cache/apt/archives/"*.deb
}

# tar_lists DIR [OVER] : $rootfs_dir/{base,over}.list, what `tar --no-recursion` takes from
# DIR and from OVER (a folder whose ./usr goes over DIR's /usr). podman refuses a layer tar
# with a path twice: a folder in both is listed once (DIR's), a file in both only from OVER.
tar_lists() {
  local dir=$1 over=${2:-} path
  (cd "$dir" && find . -path ./dev/\* -prune -o -path ./proc/\* -prune -o -print) | LC_ALL=C sort >"$rootfs_dir/base.all"
  : >"$rootfs_dir/over.list"
  if [ -z "$over" ]; then mv "$rootfs_dir/base.all" "$rootfs_dir/base.list"; return 0; fi
  (cd "$over" && find ./usr -print) | LC_ALL=C sort >"$rootfs_dir/over.all"
  : >"$rootfs_dir/folders.both"
  : >"$rootfs_dir/files.both"
  while IFS= read -r path; do
    if [ -d "$dir/$path" ] && [ ! -L "$dir/$path" ] && [ -d "$over/$path" ] && [ ! -L "$over/$path" ]; then
      echo "$path" >>"$rootfs_dir/folders.both"
    else
      echo "$path" >>"$rootfs_dir/files.both"
    fi
  done < <(LC_ALL=C comm -12 "$rootfs_dir/base.all" "$rootfs_dir/over.all")
  LC_ALL=C comm -23 "$rootfs_dir/base.all" "$rootfs_dir/files.both" >"$rootfs_dir/base.list"
  LC_ALL=C comm -23 "$rootfs_dir/over.all" "$rootfs_dir/folders.both" >"$rootfs_dir/over.list"
}

import_rootfs() { # DIR IMAGE KEY [OVER]
  local dir=$1 image=$2 key=$3 over=${4:-/}
  tar_lists "$dir" "${4:-}"
  tar -c --numeric-owner --no-recursion --verbatim-files-from \
    -C "$dir" -T "$rootfs_dir/base.list" -C "$over" -T "$rootfs_dir/over.list" |
    podman import --quiet --change "$(printf 'LABEL %s=%s' "$key_label" "$key")" \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'CMD ["bash"]' - "$image" >/dev/null
}

make_bases() {
  if [ "${BUILD_IMAGE_REBUILD_BASES:-}" != 1 ] && [ "$(image_key "$slim")" = "$slim_key" ] &&
    [ "$(image_key "$swift_image")" = "$swift_key" ]; then
    log "base images cached: $slim ($slim_key), $swift_image ($swift_key)"
    podman_probe_ulimits "$slim"
    return 0
  fi
  rootfs_dir=$(mktemp -d /var/tmp/label-server-rootfs.XXXXXX)
  make_slim
  if [ "${BUILD_IMAGE_REBUILD_BASES:-}" = 1 ] || [ "$(image_key "$slim")" != "$slim_key" ]; then
    import_rootfs "$rootfs_dir/slim" "$slim" "$slim_key"
    log "made $slim ($(podman image inspect --format '{{.Size}}' "$slim" | awk '{printf "%.0f MB", $1/1e6}'))"
  fi
  podman_probe_ulimits "$slim"
  log "adding the Swift image's packages (${#swift_packages[@]}) in a chroot"
  mv "$rootfs_dir/slim" "$rootfs_dir/swift"
  cp /etc/resolv.conf "$rootfs_dir/swift/etc/resolv.conf"
  mount -t proc proc "$rootfs_dir/swift/proc"
  chroot "$rootfs_dir/swift" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
    DEBIAN_FRONTEND=noninteractive DEBCONF_NONINTERACTIVE_SEEN=true \
    sh -c "apt-get -q update && apt-get -q install -y ${swift_packages[*]} && apt-get clean && rm -r /var/lib/apt/lists/*" \
    >"$rootfs_dir/apt.log" 2>&1 || { tail -n 30 "$rootfs_dir/apt.log" >&2; exit 1; }
  umount "$rootfs_dir/swift/proc"
  : >"$rootfs_dir/swift/etc/resolv.conf"
  log "importing $swift_image: that plus $toolchain/usr ($(du -sh "$toolchain/usr" | cut -f1))"
  # One tar stream: the root file system, then the toolchain's usr/ over its /usr.
  import_rootfs "$rootfs_dir/swift" "$swift_image" "$swift_key" "$toolchain"
  "${podman[@]}" run --rm --pull=never "${podman_ulimits[@]}" --network none "$swift_image" swift --version
  log "made $swift_image ($(podman image inspect --format '{{.Size}}' "$swift_image" | awk '{printf "%.0f MB", $1/1e6}'))"
  cleanup_rootfs
  rootfs_dir=
}
make_bases

# ---- 3. build ----
log "podman build --format docker -t $tag"
start=$(date +%s%N)
# --layers=false: no intermediate images (the build stage's .build would be one) to commit
# or to leave behind; what is cached between runs is the base images.
log "podman ${podman_ulimits[*]}"
"${podman[@]}" build --pull=never --format docker --layers=false "${podman_ulimits[@]}" -t "$tag" -f Dockerfile .
build_s=$(awk -v n="$(( $(date +%s%N) - start ))" 'BEGIN{printf "%.1f", n/1e9}')
id=$(podman image inspect --format '{{.Id}}' "$tag" | cut -c1-12)
size_mb=$(podman image inspect --format '{{.Size}}' "$tag" | awk '{printf "%.0f", $1/1e6}')
log "built $tag ($id): ${size_mb} MB in ${build_s} s"
echo "image $tag $id $size_mb $build_s"
