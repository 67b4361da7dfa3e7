/** Powertools Metrics on for the test file that imports this FIRST (before ./env and any lambdas/ module). */
process.env.POWERTOOLS_METRICS_DISABLED = 'false';
