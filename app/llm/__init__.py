"""The chat-model seam shared by extraction, reconciliation and profile synthesis.

``build_chat_model(settings.llm)`` gives a langchain-core chat model (or ``None`` for the
deterministic "none" backend); ``invoke_structured`` turns a model call into a validated pydantic
object or a :class:`app.llm.exceptions.LlmError`.
"""
