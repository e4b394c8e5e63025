"""How Rococo's events are told (registered in the group ``salon.wording``): its components' names, its
events, and Madame du Barry's turns told as one sentence each."""
