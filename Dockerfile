# label-server container image. See docs/deployment.md.
#
#   docker build -t label-server .
#   docker run --rm -p 8080:8080 -v label-state:/var/lib/label-server label-server
#
# There is no Docker engine on the project's machines: .ci/steps/255-image.sh builds this
# file unmodified with podman (scripts/build-image.sh, `--format docker`) and runs it
# (scripts/check-image.sh). scripts/check-deploy.sh (run by .ci/run) makes sure the
# `swift build` line below is the one docs/deployment.md quotes, lints this file with
# hadolint, and validates deploy/. Keep the build command on ONE line: the check reads it.

# ---- build stage: the official Swift image, pinned to the project's toolchain ----
FROM swift:6.3.1-bookworm AS build

# CZlib (Sources/CZlib) links the system zlib. The Swift image already carries
# zlib1g-dev (through libpython3-dev); installing it here says so explicitly.
# The version is bookworm's only one; if Debian ever replaces it, update the pin.
RUN apt-get update \
    && apt-get install -y --no-install-recommends zlib1g-dev=1:1.2.13.dfsg-1 \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /src
# Tests/ is needed too: SwiftPM refuses a manifest whose test targets have no folder.
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests

# The README's plain `swift build -c release`, plus two flags that exist for cold start
# (docs/decisions/cold-start.md; measure with Benchmarks/cold-start.sh):
#   --static-swift-stdlib  links the Swift runtime, Foundation and ICU statically, so
#                          start-up skips ~21 million cycles of dynamic relocation;
#   -Xfrontend -disable-concrete-type-metadata-mangled-name-accessors
#                          instantiates generic metadata by accessor instead of by
#                          demangling (~5 million instructions to the first 200). A flag
#                          here, not in Package.swift: unsafeFlags would keep apps from
#                          depending on LabelClient by version.
RUN swift build -c release --product label-server --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors

# Collect what the runtime stage takes: the binary (Swift runtime, Foundation and
# ICU data linked in statically) and Swift's crash backtracer, so a crash prints a
# symbolicated backtrace to stderr instead of a bare "Illegal instruction".
RUN mkdir -p /staging \
    && cp .build/release/label-server /staging/label-server \
    && cp /usr/libexec/swift/linux/swift-backtrace-static /staging/swift-backtrace

# ---- runtime stage: Debian slim, no extra packages ----
# What the binary still loads dynamically (ldd, recorded in docs/deployment.md):
# libc.so.6, libm.so.6, libstdc++.so.6, libgcc_s.so.1, libz.so.1 — all already in
# debian:bookworm-slim (libc6, libgcc-s1 and zlib1g are Priority: required; apt
# depends on libstdc++6). No libcurl, no libxml2: FoundationNetworking and
# FoundationXML are not linked.
FROM debian:bookworm-slim

# A fixed numeric UID/GID, so Kubernetes' runAsNonRoot can verify it and volumes
# can be chowned to it. The state directory belongs to it; nothing else is writable.
# Its group is 0 with the owner's rights (chgrp 0, chmod g=u: OpenShift's recipe), so an
# arbitrary UID in group 0 (`--user 123456:0`, OpenShift's restricted SCC) can write it too.
RUN groupadd --system --gid 10001 label-server \
    && useradd --system --uid 10001 --gid 10001 --no-create-home \
       --home-dir /nonexistent --shell /usr/sbin/nologin label-server \
    && install -d -o 10001 -g 10001 -m 0750 /var/lib/label-server \
    && chgrp 0 /var/lib/label-server \
    && chmod g=u /var/lib/label-server

COPY --from=build /staging/label-server /usr/local/bin/label-server
COPY --from=build /staging/swift-backtrace /usr/local/libexec/swift-backtrace
# The store is baked into the image (see docs/deployment.md for overriding it).
COPY Strings /app/Strings

WORKDIR /app
ENV LABEL_SERVER_HOST=0.0.0.0 \
    LABEL_SERVER_PORT=8080 \
    LABEL_SERVER_STRINGS=/app/Strings \
    LABEL_SERVER_STATE_DIR=/var/lib/label-server \
    SWIFT_BACKTRACE=enable=yes,sanitize=yes,threads=all,images=all,interactive=no,swift-backtrace=/usr/local/libexec/swift-backtrace

# Fail the image build, not the first deploy, if a runtime library is missing.
RUN ["/usr/local/bin/label-server", "--help"]

USER 10001:10001
# The missing-key report (persisted across restarts when this is a real volume).
VOLUME ["/var/lib/label-server"]
EXPOSE 8080

# No curl in slim and no health subcommand: bash's /dev/tcp speaks just enough HTTP.
# Passes only on a "HTTP/1.1 200" status line from GET /healthz within 3 seconds.
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
    CMD ["/bin/bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${LABEL_SERVER_PORT:-8080} && printf 'GET /healthz HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: close\\r\\n\\r\\n' >&3 && IFS=' ' read -r -t 3 version status _ <&3 && [ \"$status\" = 200 ]"]

# Exec form, no shell in between: SIGTERM goes straight to label-server (PID 1),
# which stops accepting, finishes requests in flight, flushes state and exits 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/label-server"]
CMD ["serve"]
