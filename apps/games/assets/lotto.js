// The lottery betting page (ADR 0094): drawn from /house/lotto/api/*. Placeholder until the page is built.

