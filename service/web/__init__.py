"""The web application: lobby, seat pages, game master, JSON API, inbound mail and dev inbox
(the factory is `service.web.app.create_app`)."""
