# The site in a container, for people who use Docker (never required: see scripts/dev).
FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release -p server --bin backchannel

FROM debian:bookworm-slim
RUN useradd --system --home /nonexistent backchannel
COPY --from=build /src/target/release/backchannel /usr/local/bin/backchannel
USER backchannel
ENV BIND=0.0.0.0:8080
EXPOSE 8080
CMD ["backchannel"]
