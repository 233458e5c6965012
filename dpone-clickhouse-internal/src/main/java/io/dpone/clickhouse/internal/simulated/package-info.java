/**
 * Internal mode on the testkit's deterministic simulator: the real publication service in a few lines
 * ({@link io.dpone.clickhouse.internal.simulated.SimulatedInternalPublication}, docs/testkit/simulator.md) and the
 * simulated acceptance cluster, driver and scenarios the demo runs. Needs io.dpone.testkit, an optional dependency
 * of this module ({@code requires static}): the CLI never loads this package.
 */
package io.dpone.clickhouse.internal.simulated;
