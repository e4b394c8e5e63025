"""The commands of ``salon``, one module each, which salon.cli.main assembles into the command
group: a command reads its options, checks them and reports; what it drives lives beside in
salon.cli (the terminal session, the simulator, the measures, the ratings) or in the layers
below (salon.learn fits and trains)."""
