"""How Rococo's events are told (the plug-in's ``wording``): its components' names, its
events, and Madame du Barry's turns told as one sentence each."""
