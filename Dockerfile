# ChainServer container image.
#
#   docker build -t chain-server .
#   docker run -p 8080:8080 -v chain-data:/data chain-server
#
# Configuration comes from /app/config/server.json, then CHAIN_* variables (see
# Sources/ChainConfig/ServerConfiguration.swift); the catalog lives in /data, or in
# PostgreSQL with CHAIN_DATABASE_URL=postgres://… (thumbnails stay in /data).
# The server drains requests for up to shutdownGraceSeconds (10) after SIGTERM, so give
# `docker stop` a little more than that (`docker stop -t 15`, compose `stop_grace_period`).

# Build stage: the official Swift image on Debian 12 "bookworm". Swift 6.3 is the toolchain
# the project is developed and tested with (6.3.1); the `6.3-bookworm` tag follows 6.3 patches.
FROM swift:6.3-bookworm AS build

RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get -q update \
    && apt-get -q install -y --no-install-recommends libmicrohttpd-dev libsqlite3-dev libvips-dev libraw-dev libpq-dev libexempi-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /build
# The whole package (see .dockerignore): SwiftPM checks every declared target's folder,
# tests and benchmark included, even when building one product.
COPY . .

# --static-swift-stdlib links the Swift runtime and Foundation into the binary, so the
# runtime image needs nothing from /usr/lib/swift; libmicrohttpd, SQLite, libstdc++,
# libvips, libraw and glibc stay dynamic.
RUN swift build -c release --product chain-server --static-swift-stdlib \
    && cp "$(swift build -c release --show-bin-path)/chain-server" /build/chain-server

# Runtime stage: the same Debian release as the build image, so the shared libraries the
# binary was linked against (libmicrohttpd.so.12, libsqlite3.so.0, libvips.so.42, libraw_r.so.20) are the same versions.
FROM debian:bookworm-slim

# curl is only for the HEALTHCHECK.
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get -q update \
    && apt-get -q install -y --no-install-recommends libmicrohttpd12 libsqlite3-0 libpq5 libvips42 libraw20 libexempi8 ca-certificates curl \
    && rm -rf /var/lib/apt/lists/*

# Created before VOLUME so a fresh named volume starts out owned by `chain`.
RUN useradd --system --user-group --no-create-home --home-dir /app --shell /usr/sbin/nologin chain \
    && mkdir -p /app /data \
    && chown chain:chain /data

WORKDIR /app
COPY --from=build /build/chain-server /app/chain-server
COPY --from=build /build/config /app/config

VOLUME /data

# Listen on all interfaces inside the container (server.json says 127.0.0.1) and keep the
# catalog on the volume. The port stays 8080 from server.json; the HEALTHCHECK assumes it.
ENV CHAIN_HOST=0.0.0.0 CHAIN_DATA_DIR=/data

USER chain
EXPOSE 8080

HEALTHCHECK --interval=30s --timeout=3s --start-period=15s --retries=3 \
    CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1

STOPSIGNAL SIGTERM
ENTRYPOINT ["/app/chain-server"]
