"""Explanations (:mod:`spareggio.explain`) as text, JSON and HTML pages, registered as formats."""

from __future__ import annotations

from ..explain import Explanations, PlayerExplanation, Versus, render_text, render_versus_text
from .formats import RenderOptions, renderer
from .html import explanation_html, explanations_html, versus_html

__all__: list[str] = []


@renderer(PlayerExplanation, "text")
def _text(e: PlayerExplanation, options: RenderOptions) -> str:
    return render_text(e)


@renderer(PlayerExplanation, "json")
def _json(e: PlayerExplanation, options: RenderOptions) -> str:
    return e.to_json()


@renderer(PlayerExplanation, "html")
def _html(e: PlayerExplanation, options: RenderOptions) -> str:
    return explanation_html(e)


@renderer(Explanations, "text")
def _all_text(explanations: Explanations, options: RenderOptions) -> str:
    return "\n".join(render_text(e) for e in explanations)


@renderer(Explanations, "json")
def _all_json(explanations: Explanations, options: RenderOptions) -> str:
    return explanations.to_json()


@renderer(Explanations, "html")
def _all_html(explanations: Explanations, options: RenderOptions) -> str:
    return explanations_html(explanations, options.title or explanations.tournament)


@renderer(Versus, "text")
def _versus_text(v: Versus, options: RenderOptions) -> str:
    return render_versus_text(v, options.lang)


@renderer(Versus, "json")
def _versus_json(v: Versus, options: RenderOptions) -> str:
    return v.to_json()


@renderer(Versus, "html")
def _versus_html(v: Versus, options: RenderOptions) -> str:
    return versus_html(v, options.lang)
