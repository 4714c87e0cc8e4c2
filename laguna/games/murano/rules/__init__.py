"""The rules of Murano, one module a section of the rules (murano.yucata.en.txt): plain functions of a
`Position`, which `MuranoState` dispatches to.

- `sailing`: a turn: carry out an action on an action space (moving the ships), pass, the Lighthouse;
- `income`: the actions Take 2 Gold and Income;
- `buying`: the actions Buy a Glass Factory, a Shop, a Palace, a Special Building;
- `recruiting`: the action Recruit a Character, and the Preliminary Character Card option;
- `gondoliers`: the actions Place a Gondolier and Gondolier;
- `building`: the action Build, and the final turn's special rule;
- `special_buildings`: the special building cards;
- `production`: the action Production, and selling glass beads;
- `end`: the end of a turn and of the game;
- `scoring`: the final scoring of the character cards;
- `views`: what each player sees, and the re-sampling of what they cannot.
"""
