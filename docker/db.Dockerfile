# PostgreSQL 17 with pgvector and Apache AGE; AGE and pg_prewarm (autoprewarm) preloaded. The official image
# carries the PGDG apt repository, which has both extensions packaged for 17.
FROM postgres:17
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-17-pgvector postgresql-17-age \
 && rm -rf /var/lib/apt/lists/*
CMD ["postgres", "-c", "shared_preload_libraries=age,pg_prewarm", "-c", "maintenance_work_mem=1GB", "-c", "jit=off"]
