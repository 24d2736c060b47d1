/* lwipgen test fixture: an empty translation unit */
