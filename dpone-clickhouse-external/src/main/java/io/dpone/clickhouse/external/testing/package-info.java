/**
 * External mode's authority codec property suite for connector authors (docs/testkit/property-suites.md): the
 * testkit's suites over external mode's records. Needs io.dpone.testkit and jqwik, optional dependencies of this
 * module ({@code requires static}): the CLI never loads this package.
 */
package io.dpone.clickhouse.external.testing;
