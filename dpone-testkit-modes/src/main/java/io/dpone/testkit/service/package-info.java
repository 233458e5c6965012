/** The real publication services of either mode on the deterministic simulator, in a few lines (docs/testkit/simulator.md). */
package io.dpone.testkit.service;
