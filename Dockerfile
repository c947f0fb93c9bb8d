# The Selfgraph API image (used by docker-compose.yml). Neo4j runs in its own container.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
WORKDIR /srv/selfgraph
COPY pyproject.toml README.md ./
COPY app ./app
COPY cypher ./cypher
COPY seed ./seed
RUN pip install --no-cache-dir . && useradd --system --home /srv/selfgraph selfgraph
USER selfgraph
EXPOSE 8000
CMD ["sh", "-c", "selfgraph schema apply && selfgraph serve"]
