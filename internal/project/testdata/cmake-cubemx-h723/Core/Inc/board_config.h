/* lwipgen test fixture: board header the build forces in; no vendor code */
