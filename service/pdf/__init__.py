"""Board snapshots as PDF: pages laid out as SVG, drawn by WeasyPrint, cached per seat."""
