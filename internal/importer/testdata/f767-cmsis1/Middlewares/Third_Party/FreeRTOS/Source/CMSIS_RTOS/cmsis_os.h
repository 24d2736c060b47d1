/* marker: the CMSIS-RTOS v1 layer CubeMX copies into the project (fixture) */
