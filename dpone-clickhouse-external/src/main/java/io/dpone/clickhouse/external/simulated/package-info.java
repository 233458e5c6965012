/**
 * External mode on the testkit's deterministic simulator: the real publication service in a few lines
 * ({@link io.dpone.clickhouse.external.simulated.SimulatedExternalPublication}, docs/testkit/simulator.md), the
 * simulated member sessions and the simulated acceptance cluster. Needs io.dpone.testkit, an optional dependency of
 * this module ({@code requires static}): the CLI never loads this package.
 */
package io.dpone.clickhouse.external.simulated;
