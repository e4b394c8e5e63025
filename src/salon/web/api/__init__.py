"""The server's HTTP and WebSocket API, a router per resource: the lobby, a table's views, its
seats, play, hints, replays and the live WebSocket; with the models of what each route takes
and answers, the dependencies that give the routes the table, the seat and the server's
services, and the OpenAPI document that describes it all (salon.web.api.openapi)."""
