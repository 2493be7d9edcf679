"""Classic (LRB 2004) tournaments as pure rules: the open play-offs and their draws
(``playoffs``), written challenges (``challenges``) and the Major and minor tournaments' prizes
and benefits (``prizes``), over the data in ``data/lrb2004/tournaments.yaml`` (``tables``)."""
