/** SQL rendering and parsing for the cluster protocol: one quoting routine, statement renderers, queue lookup and entry parsing. */
package io.dpone.clickhouse.cluster.sql;
